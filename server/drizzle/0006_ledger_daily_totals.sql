CREATE TABLE "ledger_daily_totals" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"principal_fen" bigint NOT NULL,
	"interest_fen" bigint NOT NULL,
	"penalty_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"line_count" integer NOT NULL,
	CONSTRAINT "ledger_daily_totals_pkey" PRIMARY KEY("user_id","day","type")
);
--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" ADD CONSTRAINT "ledger_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the database on every insert into the ledger (the only change a ledger line ever gets): one
-- statement-level trigger folds all the rows a statement inserted into their (user, Shanghai day, type)
-- totals, in key order so concurrent inserts lock the totals rows in the same order.
CREATE OR REPLACE FUNCTION ledger_daily_totals_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_daily_totals AS t
    (user_id, day, type, amount_fen, principal_fen, interest_fen, penalty_fen, fee_fen, line_count)
  SELECT user_id, ((occurred_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, type,
         sum(amount_fen), sum(principal_fen), sum(interest_fen), sum(penalty_fen), sum(fee_fen), count(*)
    FROM new_lines
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (user_id, day, type) DO UPDATE SET
    amount_fen = t.amount_fen + EXCLUDED.amount_fen,
    principal_fen = t.principal_fen + EXCLUDED.principal_fen,
    interest_fen = t.interest_fen + EXCLUDED.interest_fen,
    penalty_fen = t.penalty_fen + EXCLUDED.penalty_fen,
    fee_fen = t.fee_fen + EXCLUDED.fee_fen,
    line_count = t.line_count + EXCLUDED.line_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_daily_totals
  AFTER INSERT ON ledger_transactions
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_totals_add();
--> statement-breakpoint
INSERT INTO ledger_daily_totals
  (user_id, day, type, amount_fen, principal_fen, interest_fen, penalty_fen, fee_fen, line_count)
SELECT user_id, ((occurred_at AT TIME ZONE 'UTC') + interval '8 hours')::date, type,
       sum(amount_fen), sum(principal_fen), sum(interest_fen), sum(penalty_fen), sum(fee_fen), count(*)
  FROM ledger_transactions
 GROUP BY 1, 2, 3;
