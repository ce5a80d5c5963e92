import type { SupabaseConfig } from "~/lib/config.server";
import type { Backend } from "../port.server";
import { supabaseAuthStore } from "./auth.server";
import { supabaseClients } from "./clients.server";
import { supabaseContentStore, supabaseMediaStore } from "./content.server";
import { supabaseOutboxStore } from "./outbox.server";
import { supabaseInterpreterStore, supabaseLanguageStore, supabaseLinkStore } from "./people.server";

/** The company's existing backend: Postgres through PostgREST, Supabase Auth, Storage for the images. */
export function createSupabaseBackend(config: SupabaseConfig, request: Request): Backend {
  const responseHeaders = new Headers();
  const clients = supabaseClients(config, request, responseHeaders);
  const media = supabaseMediaStore(config);
  return {
    name: "supabase",
    responseHeaders,
    media,
    content: supabaseContentStore(clients.anon, media),
    auth: supabaseAuthStore(clients),
    interpreters: supabaseInterpreterStore(clients.service),
    languages: supabaseLanguageStore(clients.service),
    links: supabaseLinkStore(clients.user, clients.service),
    outbox: supabaseOutboxStore(clients.service),
  };
}
