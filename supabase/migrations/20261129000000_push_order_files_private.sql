-- Orders' files (customers' documents and deliveries) are reached only by the worker, with the service role
-- (issue 22). Storage's row-level security allows nothing that no policy allows; but a policy the project already
-- has, say "signed-in users may read every object", would open this bucket too. A restrictive policy is and-ed with
-- every permissive one: whatever else the project allows, anon and authenticated reach no object in `order-files`.
-- The service role bypasses row-level security. The bucket is made private too: a public bucket's files are served
-- without any policy. (A files bucket renamed with SUPABASE_FILES_BUCKET needs its name here as well.)
-- Safe to run again.
insert into storage.buckets (id, name, public) values ('order-files', 'order-files', false)
  on conflict (id) do update set public = false;

drop policy if exists push_order_files_service_role_only on storage.objects;
create policy push_order_files_service_role_only on storage.objects
  as restrictive
  for all
  to anon, authenticated
  using (bucket_id <> 'order-files')
  with check (bucket_id <> 'order-files');
