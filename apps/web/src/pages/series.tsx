export function SeriesPage() {
  return <h1 className="text-2xl font-bold">Series</h1>;
}
