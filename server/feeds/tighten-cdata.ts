/**
 * feedsmith pretty-prints its XML and puts a CDATA section on its own line, so
 * the element's text gains a newline and indentation around the value
 * ("\n  M&A\n"). Several parsers keep that whitespace (rss-parser, feed-rs), so
 * the indentation is taken out again: CDATA sits directly inside its element.
 */
export function tightenCdata(xml: string): string {
  return xml.replace(/>\s+<!\[CDATA\[/g, "><![CDATA[").replace(/\]\]>\s+<\//g, "]]></");
}
