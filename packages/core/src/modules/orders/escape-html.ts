const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Makes text inert inside HTML elements and quoted attributes. Every value an invoice prints came from
 * someone else (product titles, addresses, the store's own settings), so every one goes through here.
 */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
