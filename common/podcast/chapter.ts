/** One chapter of an episode (Podcasting 2.0 JSON chapters): where it starts, in seconds, and its title. */
export interface Chapter {
  startTime: number;
  title: string;
}
