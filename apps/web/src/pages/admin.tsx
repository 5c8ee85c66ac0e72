export function AdminPage() {
  return <h1 className="text-2xl font-bold">Admin</h1>;
}
