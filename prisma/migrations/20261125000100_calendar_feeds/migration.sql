-- Calendar feed (docs/PRODUCT-RULES.md §26.2): one secret link per employee,
-- stored only as the SHA-256 hash of its token, and the misses per IP that
-- bound guessing.

-- CreateTable
CREATE TABLE "calendar_feeds" (
    "employee_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("employee_id")
);

-- CreateTable
CREATE TABLE "calendar_feed_misses" (
    "id" SERIAL NOT NULL,
    "ip" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_feed_misses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");

-- CreateIndex
CREATE INDEX "calendar_feed_misses_ip_created_at_idx" ON "calendar_feed_misses"("ip", "created_at");

-- AddForeignKey
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_employee_id_fkey" FOREIGN KEY ("employee_id") REFERENCES "employees"("id") ON DELETE CASCADE ON UPDATE CASCADE;
