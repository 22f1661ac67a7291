/** Text for comparing as people type it: lower case, accents dropped ("Ménage" matches "menage"). */
export function fold(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
