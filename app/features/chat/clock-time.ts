import { twelveHourClock } from "#common/format/en-us-format.ts";

// "3:07 PM" in the reader's own zone, from the Date's fields: the first Intl call of a page loads
// ICU's data (50-90 ms on a desktop core, four times that on a phone), and here it fell in the
// re-render just after hydration, the page's busiest moment. A clock time needs none of it.
export const clockTime = (at: Date) => twelveHourClock(at.getHours(), at.getMinutes());
