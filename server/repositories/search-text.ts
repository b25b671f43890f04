/** What the inbox search matches (migration 0004 builds the same text for existing rows). */
export function leadSearchText(lead: { firstName: string; lastName: string; email: string; phone: string; company?: string | null; message?: string }): string {
  const parts = [`${lead.firstName} ${lead.lastName}`, lead.email, lead.phone, lead.company ?? ""];
  if (lead.message !== undefined) parts.push(lead.message);
  return parts.join(" ").toLowerCase();
}
