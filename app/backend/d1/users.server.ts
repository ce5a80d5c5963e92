import type { Role, SignedInUser } from "~/domain/auth";
import { isLocale } from "~/i18n";

/**
 * Columns that make a SignedInUser: accounts `a` left-joined (SESSION_USER_JOINS) with users `u` (staff) and
 * customer_people `p` with its organisation `o` (a requester). An account may have neither.
 */
export const SESSION_USER_COLUMNS = `a.id, a.email, u.full_name, u.email AS profile_email, u.phone, u."Gender" AS gender,
  u.account_type, u.role, a.locale, p.full_name AS person_name, p.organisation_id, p.is_admin AS organisation_admin,
  o.name AS organisation_name`;
export const SESSION_USER_JOINS = `LEFT JOIN users u ON u.id = a.id LEFT JOIN customer_people p ON p.account_id = a.id
  LEFT JOIN organisations o ON o.id = p.organisation_id`;

export type SessionUserRow = {
  id: string;
  email: string;
  full_name: string | null;
  profile_email: string | null;
  phone: string | null;
  gender: string | null;
  account_type: string | null;
  role: Role | null;
  locale: string;
  person_name: string | null;
  organisation_id: number | null;
  organisation_admin: number | null;
  organisation_name: string | null;
};

export function toSessionUser(row: SessionUserRow): SignedInUser {
  const locale = isLocale(row.locale) ? row.locale : "en";
  // A users row makes staff, whatever else the account has; a customer_people row without one makes a requester.
  if (row.role === null && row.organisation_id !== null) {
    return {
      kind: "customer",
      id: row.id,
      email: row.email,
      locale,
      fullName: row.person_name ?? "",
      organisationId: row.organisation_id,
      organisationName: row.organisation_name ?? "",
      isOrganisationAdmin: row.organisation_admin === 1,
    };
  }
  return {
    kind: "staff",
    id: row.id,
    email: row.email,
    // Without a users row there is no role: the least privilege.
    role: row.role ?? "interpreter",
    locale,
    profile:
      row.full_name === null
        ? null
        : {
            fullName: row.full_name,
            email: row.profile_email ?? row.email,
            phone: row.phone ?? "",
            gender: row.gender ?? "",
            department: row.account_type,
          },
  };
}
