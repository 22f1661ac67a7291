/** A browser-like client: keeps cookies, reads the CSRF token from the form it was shown. */
export function deskClient(base: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      if (/Expires=Thu, 01 Jan 1970/.test(line)) jar.delete(name!);
      else jar.set(name!, value.join("="));
    }
    return res;
  };
  return {
    jar,
    async get(path: string) {
      return keep(await fetch(base + path, { headers: { Cookie: cookieHeader() }, redirect: "manual" }));
    },
    /** The CSRF token in a page's form. */
    async tokenOf(path: string) {
      const html = await (await this.get(path)).text();
      return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    },
    async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
      return keep(
        await fetch(base + path, {
          method: "POST",
          headers: {
            Cookie: cookieHeader(),
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: new URL(base).origin,
            ...headers,
          },
          body: new URLSearchParams(fields),
          redirect: "manual",
        }),
      );
    },
  };
}

/** Makes the desk's first owner through /admin/setup with the site's ADMIN_TOKEN; the client is then signed in. */
export async function setUpDeskOwner(
  base: string,
  adminToken: string,
  owner = { name: "Bench Owner", email: "owner@proofline.test", password: "owner-password-123" },
) {
  const c = deskClient(base);
  const csrf = await c.tokenOf("/admin/setup");
  const res = await c.post("/admin/setup", { csrf, token: adminToken, ...owner });
  if (res.status !== 302) throw new Error(`setting up the desk answered ${res.status}`);
  return { client: c, csrf: await c.tokenOf("/admin/recaps/new") };
}
