/** The part of the configuration the browser may see. Nothing secret belongs here. */
export interface PublicConfig {
  brand: string;
  assistantName: string;
  siteUrl: string;
  companyUrl: string;
  linkedinUrl: string;
  /** Whether the subscribe form takes addresses (SMTP_URL and MAIL_FROM set). */
  newsletterOpen: boolean;
}
