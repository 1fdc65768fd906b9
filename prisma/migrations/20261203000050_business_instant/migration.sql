-- The instant of a wall-clock time in the business's time zone, as the application reads it
-- (lib/shared/rules/time.ts, docs/PRODUCT-RULES.md §24.2 and §32.5): a time in the hour the clocks skip in March
-- moves forward by the gap (PostgreSQL's own reading), a time of the hour repeated in October is the EARLIER of its
-- two instants (summer time) — PostgreSQL's `AT TIME ZONE` takes the later one. The earlier reading is the local
-- time read with the offset in effect a day before (the same time a day earlier, 24 hours on); it is taken when it
-- is a valid reading of the same local time. One expression without FROM, so that PostgreSQL inlines it into the
-- query rather than calling it per row.
CREATE FUNCTION business_instant(local_time timestamp, zone text) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN ((local_time - interval '1 day') AT TIME ZONE zone) + interval '24 hours' < (local_time AT TIME ZONE zone)
     AND ((((local_time - interval '1 day') AT TIME ZONE zone) + interval '24 hours') AT TIME ZONE zone) = local_time
      THEN ((local_time - interval '1 day') AT TIME ZONE zone) + interval '24 hours'
    ELSE local_time AT TIME ZONE zone
  END
$$;
