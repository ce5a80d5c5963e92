import { Link, Outlet } from "react-router";
import { useLocalizedPath, useMessages } from "~/platform/page/locale";

/** Sign-in, forgotten and reset password: a small card, the logo home, no navbar or footer. */
export default function AuthLayout() {
  const t = useMessages();
  const href = useLocalizedPath();
  return (
    <div className="auth">
      <header className="auth__header">
        <Link to={href("/")} reloadDocument>
          <img src="/logo.svg" alt={t.nav.logoAlt} width={200} height={75} />
        </Link>
      </header>
      <main id="main" className="auth__card">
        <Outlet />
      </main>
    </div>
  );
}
