/** Body of a tool page whose feature has not been built yet. */
export function ComingNext({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <p className="max-w-2xl rounded-card border border-dashed border-ink-300 bg-surface p-6 text-ink-700">{children}</p>
    </div>
  );
}
