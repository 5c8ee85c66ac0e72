import { type RefObject, useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * A uPlot chart in `container`, as wide as the container (uPlot draws at a size in pixels, so it follows
 * the container's width), made again when `options` change (theme, series) and given new data in place.
 */
export function useUplot(
  container: RefObject<HTMLDivElement | null>,
  options: Omit<uPlot.Options, "width">,
  data: uPlot.AlignedData,
): RefObject<uPlot | null> {
  const chart = useRef<uPlot | null>(null);
  const latestData = useRef(data);
  latestData.current = data;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const made = new uPlot({ ...options, width: Math.max(1, element.clientWidth) }, latestData.current, element);
    chart.current = made;
    const resize = new ResizeObserver(() => {
      const width = Math.max(1, element.clientWidth);
      if (width !== made.width) made.setSize({ width, height: options.height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.destroy();
      chart.current = null;
    };
  }, [container, options]);

  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);

  return chart;
}
