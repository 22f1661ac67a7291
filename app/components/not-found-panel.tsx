/** What a page says when what its address names does not exist: a heading, why, and where to go instead. */
export function NotFoundPanel({
  title,
  message,
  href,
  linkText,
}: {
  title: string;
  message: string;
  href: string;
  linkText: string;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">{title}</h1>
      <p className="mt-3 text-ink-700">{message}</p>
      <p className="mt-6">
        <a href={href} className="font-medium text-copper-700 hover:underline">
          {linkText}
        </a>
      </p>
    </div>
  );
}
