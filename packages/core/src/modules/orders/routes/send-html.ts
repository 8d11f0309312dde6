import type { FastifyReply } from "fastify";

/**
 * Answers a rendered page. The policy forbids scripts and outside resources outright, so even a value
 * that escaped escaping could not run (the pages use inline styles only).
 */
export async function sendHtml(reply: FastifyReply, html: string): Promise<void> {
  await reply
    .status(200)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:")
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(html);
}
