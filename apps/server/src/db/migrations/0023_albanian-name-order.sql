-- Names sort in the Albanian alphabet on PGlite and on a server alike (decision 0034): a server's
-- ICU has sq-x-icu, PGlite's ICU only the root order, which puts Gjonaj before Gurrakoc and Ëmbla
-- before Ezi. Compared byte by byte (COLLATE "C"), this key sorts in the alphabet's order.
-- Not STRICT: the planner inlines the function only so (its CASE is not strict); null gives null.
CREATE FUNCTION "albanian_sort_key"("name" text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  -- The contract's albanianSortKey (packages/contract/src/albanian-order.ts): other accented
  -- letters as their base letter (translate reads its whole list for every character, so only
  -- where there is one); lower case under "C", whatever the database's locale; then Ç, Ë and each
  -- digraph as its first letter followed by U+10FFFF, the greatest code point.
  SELECT
    replace(replace(replace(replace(replace(replace(replace(replace(replace(
      replace(replace(replace(replace(
        lower(CASE WHEN "name" ~ '[ČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú]'
          THEN translate("name", 'ČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú', 'ccccsszzddeeeeeeuuooooaaaaaaiiiioouuuu')
          ELSE "name" END COLLATE "C"),
        'ç', 'c' || chr(1114111)), 'Ç', 'c' || chr(1114111)), 'ë', 'e' || chr(1114111)), 'Ë', 'e' || chr(1114111)),
      'dh', 'd' || chr(1114111)), 'gj', 'g' || chr(1114111)), 'll', 'l' || chr(1114111)), 'nj', 'n' || chr(1114111)),
      'rr', 'r' || chr(1114111)), 'sh', 's' || chr(1114111)), 'th', 't' || chr(1114111)), 'xh', 'x' || chr(1114111)),
      'zh', 'z' || chr(1114111))
$$;--> statement-breakpoint
DROP INDEX "assets_dataset_status_name_idx";--> statement-breakpoint
CREATE INDEX "assets_dataset_status_name_idx" ON "assets" USING btree ("dataset_id","status",albanian_sort_key("name") collate "C" nulls last,"date" DESC NULLS FIRST,"id");
