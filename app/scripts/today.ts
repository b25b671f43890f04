// Fills every [data-today] placeholder with today's date as the visitor's browser knows it (the privacy
// policy's "Last updated"), so the prerendered HTML never shows the day the site was built. The date goes
// in as <time datetime="YYYY-MM-DD">, its text for people; the placeholder is not a <time> itself because
// an empty <time> in the prerendered page is invalid HTML.
const now = new Date();
const text = now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
const isoDate = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
for (const placeholder of document.querySelectorAll<HTMLElement>("[data-today]")) {
  const time = document.createElement("time");
  time.dateTime = isoDate;
  time.textContent = text;
  placeholder.replaceChildren(time);
}
