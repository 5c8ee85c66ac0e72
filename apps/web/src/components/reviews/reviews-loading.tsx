/** What a listing's reviews show while they load: the list, or the section's own code (pages/listing.tsx). */
export function ReviewsLoading() {
  return <p className="text-sm text-muted-foreground">Loading reviews…</p>;
}
