export function AuthPage() {
  return <h1 className="text-2xl font-bold">Auth</h1>;
}
