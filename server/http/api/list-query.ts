import { z } from "zod";
import { API_LIST_MAX, decodeCursor, type Keyset, type Slice } from "../../data/list-page.server.ts";
import { HttpError } from "../errors.ts";

/** `limit` and `cursor`, which every list endpoint takes: at most API_LIST_MAX rows a call. */
export const listParams = {
  limit: z
    .string()
    .regex(/^\d+$/, `limit must be a whole number from 1 to ${API_LIST_MAX}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= API_LIST_MAX, `limit must be a whole number from 1 to ${API_LIST_MAX}`)
    .optional(),
  cursor: z
    .string()
    .transform((raw, ctx) => {
      const keyset = decodeCursor(raw);
      if (!keyset) ctx.addIssue({ code: "custom", message: "cursor is not one this server gave out" });
      return keyset as Keyset;
    })
    .optional(),
};

/** The query string parsed by `schema`, or a 400 naming the first problem. */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
  return parsed.data;
}

/** A slice as JSON under the list's name: the rows, the cursor of the next call (null at the end) and the total. */
export const sliceJson = <T>(name: string, slice: Slice<T>) => ({
  [name]: slice.items,
  next_cursor: slice.nextCursor,
  total: slice.total,
});
