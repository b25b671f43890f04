import { useEffect, useRef, useState } from "react";

// A chart is drawn at the width it is shown (one SVG unit a CSS pixel), so its 12 px text stays 12 px on a
// phone: the width of the box, followed as the window resizes. Until the box is measured the chart is
// drawn as narrow as the narrowest phone, so its first paint never widens the page.

export function useChartWidth(initial = 320) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
