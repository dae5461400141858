ALTER TABLE "questions" ADD COLUMN "hint_xk" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hint_en" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hint_sr" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "required" boolean DEFAULT false NOT NULL;