import { Headphones, MessageSquareText, Newspaper, Trophy, type LucideIcon } from "lucide-react";

export interface Tool {
  to: "/chat" | "/recap" | "/explorer" | "/podcast";
  title: string;
  description: string;
  icon: LucideIcon;
  badge?: string;
}

/** The four tools, in the spec's order: the header, the footer and the home cards all list these. */
export function tools(assistantName: string): Tool[] {
  return [
    {
      to: "/chat",
      title: `Ask ${assistantName}`,
      description: "Get instant answers about spirits market trends and industry insights.",
      icon: MessageSquareText,
      badge: "Coming Soon",
    },
    {
      to: "/recap",
      title: "Weekly News Recap",
      description: "Curated summaries of the most important spirits industry developments.",
      icon: Newspaper,
    },
    {
      to: "/explorer",
      title: "Top Players",
      description: "Interactive database of major beverage alcohol manufacturers.",
      icon: Trophy,
    },
    {
      to: "/podcast",
      title: "Podcasts",
      description: "Audio content covering industry shifts and strategic insights.",
      icon: Headphones,
    },
  ];
}
