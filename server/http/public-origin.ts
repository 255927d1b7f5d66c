import type { FastifyRequest } from 'fastify';

/** Where absolute URLs (link previews, story cards' links) point: PUBLIC_URL, else the address this request came to. */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
