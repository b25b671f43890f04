// Placeholder until the admin app lands (issue 12): the router and screens go here.
export function AdminApp() {
  return <p className="p-8 text-center text-slate-600">Admin</p>;
}
