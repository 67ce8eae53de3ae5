import type { Context } from 'hono';

/**
 * Sets headers on the answer a handler already made. `c.header()` after the answer exists copies it into a
 * new Response, which turns @hono/node-server's light answer (a string body written at once) into a stream
 * read chunk by chunk: a third of a cached profile's CPU time. Changing the headers in place keeps it light;
 * only an answer whose headers cannot change (a redirect made by `Response.redirect`) is copied.
 */
export function setResponseHeaders(c: Context, headers: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  }
}
