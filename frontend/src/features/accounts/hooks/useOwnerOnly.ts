import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../../lib/session";

/** An owner page (/upload, /report): an anonymous visitor goes to /login, a user without a
 * shop to /create. Returns the session for the page to wait on. */
export function useOwnerOnly() {
  const session = useSession();
  const navigate = useNavigate();
  const { status } = session;
  useEffect(() => {
    if (status === "anonymous") navigate("/login", { replace: true });
    else if (status === "noStore") navigate("/create", { replace: true });
  }, [status, navigate]);
  return session;
}
