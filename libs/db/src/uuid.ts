const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs are checked before they reach a uuid column: Postgres would answer a malformed one with an error, not "no row". */
export const isUuid = (id: string): boolean => UUID.test(id);
