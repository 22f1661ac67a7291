/** Shown while a recap page loads. */
export function RecapArticleSkeleton() {
  const bar = "animate-pulse rounded bg-ink-100";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6" role="status" aria-label="Loading recap">
      <div className={`${bar} h-8 w-48`} />
      <div className="mt-6 space-y-4 rounded-card bg-surface p-5 shadow-card sm:p-10" data-testid="recap-skeleton">
        <div className={`${bar} h-4 w-40`} />
        <div className={`${bar} h-10 w-4/5`} />
        <div className="flex gap-2">
          <div className={`${bar} h-6 w-20 rounded-full`} />
          <div className={`${bar} h-6 w-24 rounded-full`} />
        </div>
        <div className={`${bar} mt-6 h-20 w-full`} />
        <div className={`${bar} h-4 w-full`} />
        <div className={`${bar} h-4 w-11/12`} />
        <div className={`${bar} h-4 w-3/4`} />
      </div>
    </div>
  );
}
