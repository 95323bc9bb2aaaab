-- Scaling out (decision 0046): the spacing of requests to lexoffice (2 per second per key) was a map
-- in each process's memory, so two processes together sent twice the allowed rate. The next free
-- slot per key (a hash of it) now lives here, like the attempt counts of `auth_attempts`: no tenant
-- table (a Citus reference table), rows are booked with one atomic upsert.
CREATE TABLE "request_slots" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
