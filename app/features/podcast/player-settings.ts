/** The spec's starting volume (section 9). */
export const START_VOLUME = 0.45;
