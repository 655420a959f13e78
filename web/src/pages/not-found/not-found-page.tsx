export function NotFoundPage() {
  return (
    <section className="flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
    </section>
  );
}
