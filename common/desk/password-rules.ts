/** The shortest password the desk accepts (NIST SP 800-63B asks for at least 8; staff publish to the world). */
export const MIN_PASSWORD = 12;
/** scrypt hashes any length, but an endless password is a way to burn the server's time. */
export const MAX_PASSWORD = 200;
