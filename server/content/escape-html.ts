/** Text made safe to put in HTML (element content or a quoted attribute). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
