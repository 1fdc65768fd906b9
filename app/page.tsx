import { redirect } from "next/navigation";

// The dashboard and its auth guard arrive with the UI; until then, start at the login.
export default function Home() {
  redirect("/login");
}
