CREATE TABLE "insight_top_supporters" (
	"seller_id" text NOT NULL,
	"window_from" date NOT NULL,
	"supporters" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "insight_top_supporters_seller_id_window_from_pk" PRIMARY KEY("seller_id","window_from")
);
