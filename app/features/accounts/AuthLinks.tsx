// The links under each sign-in form: to the other sign-in page it may lead to, and back to the public site (a full
// load: the public pages are not hydrated).
import { Link } from "react-router";
import { useLocalizedPath, useMessages } from "~/platform/page/locale";

export function AuthLinks({ to, label }: { to: string; label: string }) {
  const t = useMessages();
  const href = useLocalizedPath();
  return (
    <p className="auth__links">
      <Link to={href(to)}>{label}</Link>
      <Link to={href("/")} reloadDocument>
        {t.auth.backHome}
      </Link>
    </p>
  );
}
