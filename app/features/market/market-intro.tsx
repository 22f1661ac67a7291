/** What the market-data pages hold, said once at the top of each. */
export function MarketIntro() {
  return (
    <p className="mt-2 max-w-3xl text-ink-700">
      The hub&rsquo;s own figures from public data. Today that is Iowa&rsquo;s liquor sales: what the state&rsquo;s
      licensed retailers bought from the state, the only wholesaler of spirits in Iowa. One control state, wholesale: a
      signal for each family of spirits, not national depletions.
    </p>
  );
}

/** The pages before any figure has been imported. */
export function NoMarketData() {
  return (
    <p className="mt-8 rounded-card border border-dashed border-ink-300 bg-surface p-8 text-center text-ink-700">
      No market figures yet. The operator imports them with{" "}
      <code className="font-mono text-sm">npm run hub -- data import iowa-liquor-sales &lt;file&gt;</code> or from the
      desk.
    </p>
  );
}
