// Fills every <time data-today> with today's date as the visitor's browser knows it (the privacy
// policy's "Last updated"), so the prerendered HTML never shows the day the site was built.
const now = new Date();
const text = now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
const isoDate = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-today]")) {
  time.textContent = text;
  time.dateTime = isoDate;
}
