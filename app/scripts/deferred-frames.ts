// Third-party frames below the fold (the booking widget, components/scheduling-embed.tsx) carry their
// address in data-src and get it once the page has loaded, so that they never compete with the page's
// first paint; the browser's lazy loading (loading="lazy") then decides when they load.
const startFrames = () => {
  for (const frame of document.querySelectorAll<HTMLIFrameElement>("iframe[data-src]")) frame.src = frame.dataset.src!;
};
if (document.readyState === "complete") startFrames();
else window.addEventListener("load", startFrames, { once: true });
