export function BrowsePage() {
  return (
    <section className="py-10 text-center">
      <h1 className="text-4xl font-bold">Discover Amazing AI Chatbots</h1>
    </section>
  );
}
