/** The largest request body the API accepts; a bigger one is a 413 whose sentence names this limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;
