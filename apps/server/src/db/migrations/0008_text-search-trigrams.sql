-- Trigram indexes need pg_trgm (a trusted extension: the database's owner may create it; on Azure
-- Database for PostgreSQL it must be allowed in azure.extensions first, see the README).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "assets_name_trgm_idx" ON "assets" USING gin (translate("name", 'ËëÇçČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú', 'EeCcCcCcSsZzDdEeEeEeUuOoOoAaAaAaIiIiOoUuUu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_municipality_trgm_idx" ON "assets" USING gin (translate("municipality", 'ËëÇçČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú', 'EeCcCcCcSsZzDdEeEeEeUuOoOoAaAaAaIiIiOoUuUu') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_village_trgm_idx" ON "assets" USING gin (translate("village", 'ËëÇçČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú', 'EeCcCcCcSsZzDdEeEeEeUuOoOoAaAaAaIiIiOoUuUu') gin_trgm_ops);