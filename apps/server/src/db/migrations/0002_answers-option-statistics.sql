-- An option belongs to one question, so question_id and option_id are far from independent: without
-- this the planner multiplies their selectivities and expects ~30 times fewer answers per filter
-- than there are, and picks nested loops that take seconds on large datasets.
CREATE STATISTICS IF NOT EXISTS "answers_question_option_stats" (dependencies, ndistinct) ON "question_id", "option_id" FROM "answers";
