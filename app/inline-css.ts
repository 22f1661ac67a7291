import { createContext } from "react";

/**
 * The site's stylesheet text, given by the server so pages carry their CSS
 * inline (no render-blocking request before the first paint on a slow phone
 * network). Empty in the browser: React finds the server's <style> by its
 * href and keeps it, and the browser never downloads the CSS as code.
 */
export const InlineCssContext = createContext<string>("");
