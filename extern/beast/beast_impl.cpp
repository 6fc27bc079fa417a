// Boost.Asio's (its TLS included) and Boost.Beast's own implementation, compiled once for the
// whole tree (BOOST_ASIO_SEPARATE_COMPILATION, BOOST_BEAST_SEPARATE_COMPILATION):
// every other translation unit that includes them only instantiates the
// templates it uses.
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
