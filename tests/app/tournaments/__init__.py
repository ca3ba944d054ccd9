"""The tournaments' data and business actions: services, exchange (TRF, CSV), queries."""
