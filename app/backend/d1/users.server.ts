import type { Role, SessionUser } from "~/domain/auth";
import { isLocale } from "~/i18n";

/** Columns that make a SessionUser: accounts `a` left-joined with users `u` (an account may lack a users row). */
export const SESSION_USER_COLUMNS = `a.id, a.email, u.full_name, u.email AS profile_email, u.phone, u."Gender" AS gender,
  u.account_type, u.role, a.locale`;

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
};

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    // Without a users row there is no role: the least privilege.
    role: row.role ?? "interpreter",
    locale: isLocale(row.locale) ? row.locale : "en",
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
