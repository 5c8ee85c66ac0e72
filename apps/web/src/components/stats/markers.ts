import uPlot from "uplot";
import type { Marker } from "./chart-series";

/** Adds one marker centred on (x, y) with half-size r (canvas pixels) to a path. */
function addMarker(path: Path2D, marker: Marker, x: number, y: number, r: number) {
  switch (marker) {
    case "circle":
      path.moveTo(x + r, y);
      path.arc(x, y, r, 0, 2 * Math.PI);
      return;
    case "square":
      path.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
      return;
    case "triangle":
      path.moveTo(x, y - r * 1.15);
      path.lineTo(x + r * 1.1, y + r * 0.8);
      path.lineTo(x - r * 1.1, y + r * 0.8);
      path.closePath();
      return;
    case "diamond":
      path.moveTo(x, y - r * 1.2);
      path.lineTo(x + r * 1.2, y);
      path.lineTo(x, y + r * 1.2);
      path.lineTo(x - r * 1.2, y);
      path.closePath();
  }
}

/**
 * uPlot's point builder with a shape per series (uPlot draws only circles): series that lie on each other
 * still show each one's marker. Days with nothing counted are left unmarked.
 */
export function markerPaths(marker: Marker): uPlot.Series.Points.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const series = u.series[seriesIdx] as uPlot.Series;
    const xs = u.data[0];
    const ys = u.data[seriesIdx] as Array<number | null>;
    const r = (((series.points?.size ?? 6) / 2) * uPlot.pxRatio) as number;
    const path = new Path2D();
    for (let i = idx0; i <= idx1; i++) {
      const value = ys[i];
      // Days with nothing counted stay unmarked: the markers pick out the days that had visitors.
      if (!value) continue;
      addMarker(
        path,
        marker,
        Math.round(u.valToPos(xs[i] as number, "x", true)),
        Math.round(u.valToPos(value, series.scale ?? "y", true)),
        r,
      );
    }
    return { stroke: path, fill: path };
  };
}

/** The same marker as a small SVG path (legend and tooltip swatches), centred in a 12 x 12 box. */
export function markerSvgPath(marker: Marker): string {
  const path = {
    circle: "M9 6a3 3 0 1 1-6 0a3 3 0 1 1 6 0Z",
    square: "M3.5 3.5h5v5h-5Z",
    triangle: "M6 2.5l3.5 6h-7Z",
    diamond: "M6 2.4l3.6 3.6l-3.6 3.6l-3.6-3.6Z",
  };
  return path[marker];
}
