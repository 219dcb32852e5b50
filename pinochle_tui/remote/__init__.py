"""Remote seats: a table hosted by one pinochle and joined from other terminals (the
protocol, the host's server and a seat's connection)."""
