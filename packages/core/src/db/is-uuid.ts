const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter is a UUID, so a lookup by id is tried only then (PostgreSQL rejects others). */
export const isUuid = (value: string): boolean => UUID.test(value);
